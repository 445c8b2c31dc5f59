"""Copy the generated ``floorman.v1`` code into the client distribution as ``floorman_client.v1``.

``make generate`` runs protoc once, into ``service/floorman/v1`` (the server's package), then
this script writes the same modules into ``clients/python/floorman_client/v1`` with their
imports of one another pointing at ``floorman_client.v1``, so the client needs nothing of the
server package. The serialized descriptors are left byte for byte as protoc wrote them: when
both packages are imported in one process (the server's tests use the client), the protobuf
descriptor pool sees the same ``floorman/v1/*.proto`` files twice, identical, accepts them
once, and both modules hold the same message classes.

Usage: python tools/client_stubs.py SOURCE_DIR TARGET_DIR
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

# `from floorman.v1 import poker_pb2 as ...` and the module names given to the builder
# ('floorman.v1.poker_pb2'); never the proto package in descriptors ('.floorman.v1.Action').
_IMPORT = re.compile(r"^from floorman\.v1 import ", re.MULTILINE)
_MODULE = re.compile(r"(['\"])floorman\.v1\.([a-z0-9_]+_pb2(?:_grpc)?)\1")

INIT = '"""The generated floorman.v1 messages and stubs (``make generate``; do not edit)."""\n'


def rewrite(text: str) -> str:
    """One generated module's text with its ``floorman.v1`` imports as ``floorman_client.v1``."""
    text = _IMPORT.sub("from floorman_client.v1 import ", text)
    return _MODULE.sub(r"\1floorman_client.v1.\2\1", text)


def main(source: Path, target: Path) -> int:
    """Write every ``*_pb2*.py`` / ``.pyi`` of ``source`` into ``target`` (emptied first)."""
    files = sorted(p for p in source.iterdir() if re.fullmatch(r".+_pb2(_grpc)?\.pyi?", p.name))
    if not files:
        print(f"no generated modules in {source}", file=sys.stderr)
        return 1
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    (target / "__init__.py").write_text(INIT)
    for path in files:
        (target / path.name).write_text(rewrite(path.read_text()))
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        raise SystemExit(2)
    raise SystemExit(main(Path(sys.argv[1]), Path(sys.argv[2])))
