#!/usr/bin/env bash
# Make a TEST certificate authority, a server certificate and a client certificate for trying
# floorman's TLS and mutual TLS (docs/operations.md "TLS and mutual TLS"). NOT for production:
# the keys are unencrypted and the CA is throw-away; use your organisation's PKI there.
#
# usage: deploy/tls/make-test-ca.sh OUT_DIR [SERVER_NAME]
#
# OUT_DIR receives (PEM):
#   ca.crt ca.key              the test CA (signs both certificates below)
#   server.crt server.key      server certificate: CN and SAN SERVER_NAME (default localhost)
#                              plus DNS:localhost, IP:127.0.0.1 and IP:::1; serverAuth
#   client.crt client.key      client certificate: CN floorman-test-client; clientAuth
#   other-ca.crt other-ca.key  a second, unrelated CA (tests use it to show a certificate it
#                              signed is refused)
#   rogue-client.crt/.key      a client certificate signed by other-ca (refused by the server)
# Certificates are valid for 30 days; keys are EC P-256. Needs openssl 1.1.1 or newer.
#
# Serve with it:
#   floorman serve --tls-cert OUT_DIR/server.crt --tls-key OUT_DIR/server.key \
#                  --tls-client-ca OUT_DIR/ca.crt --tls-client-auth require
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 ]]; then
  echo "usage: $0 OUT_DIR [SERVER_NAME]" >&2
  exit 2
fi
out=$1
name=${2:-localhost}
days=30
mkdir -p "$out"
cd "$out"
umask 077

key() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1" 2>/dev/null; }

ca() { # ca NAME SUBJECT
  key "$1.key"
  openssl req -x509 -new -key "$1.key" -sha256 -days "$days" -subj "$2" \
    -addext "basicConstraints=critical,CA:TRUE" \
    -addext "keyUsage=critical,keyCertSign,cRLSign" -out "$1.crt"
}

leaf() { # leaf NAME CA SUBJECT EXTENSIONS
  key "$1.key"
  openssl req -new -key "$1.key" -subj "$3" -out "$1.csr"
  printf '%s\n' "$4" >"$1.ext"
  openssl x509 -req -in "$1.csr" -CA "$2.crt" -CAkey "$2.key" -CAcreateserial \
    -days "$days" -sha256 -extfile "$1.ext" -out "$1.crt" 2>/dev/null
  rm -f "$1.csr" "$1.ext"
}

ca ca "/CN=floorman test CA"
ca other-ca "/CN=some other CA"
san="DNS:localhost,IP:127.0.0.1,IP:::1"
[[ $name == localhost ]] || san="DNS:$name,$san"
leaf server ca "/CN=$name" "basicConstraints=CA:FALSE
keyUsage=critical,digitalSignature
extendedKeyUsage=serverAuth
subjectAltName=$san"
leaf client ca "/CN=floorman-test-client" "basicConstraints=CA:FALSE
keyUsage=critical,digitalSignature
extendedKeyUsage=clientAuth"
leaf rogue-client other-ca "/CN=rogue-client" "basicConstraints=CA:FALSE
keyUsage=critical,digitalSignature
extendedKeyUsage=clientAuth"
rm -f ./*.srl
chmod 600 ./*.key
chmod 644 ./*.crt
echo "test CA and certificates written to $(pwd)"
