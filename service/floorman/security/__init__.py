"""Who may call what, and how much: bearer tokens, roles, and request limits.

Pure-ish (no gRPC, no protobuf; files are read only by :mod:`floorman.security.registry`):

* :mod:`~floorman.security.tokens` — making tokens, sha256 hashes, constant-time matching.
* :mod:`~floorman.security.auth_file` — the auth file (TOML): token hashes, roles, table
  bindings and which stateless services are open.
* :mod:`~floorman.security.registry` — the loaded auth file, reloadable while serving.
* :mod:`~floorman.security.policy` — roles, the permission each RPC needs, refusals, and the
  card visibility a caller gets at a table.
* :mod:`~floorman.security.limits` — request and concurrency limits and their settings.

The transport applies them: :mod:`floorman.transport.auth` and :mod:`floorman.transport.limits`.
"""
