"""`tictac serve --tls`: HTTPS on the local network with a certificate of this server's own.

Phones reach a LAN party's server at an address no public authority certifies, so the
certificate is self-signed: each phone accepts it once (docs/server.md says how, and how to
check the SHA-256 fingerprint the terminal prints). It is kept in two files next to the
database, so a restart serves the same certificate and the phones need not accept it again;
a new one is made only when the stored one no longer names this machine's addresses (the
LAN gave it a new one) or is about to expire."""

from __future__ import annotations

import datetime
import ipaddress
import os
import socket
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

CERT_FILE = "tictac-tls-cert.pem"
KEY_FILE = "tictac-tls-key.pem"
# Apple's devices refuse a server certificate valid for longer than 825 days, even one the
# user trusts; one made anew a month before its end is never served expired.
VALID_DAYS = 800
RENEW_BEFORE = datetime.timedelta(days=30)

Name = ipaddress.IPv4Address | ipaddress.IPv6Address | str  # an address, or a DNS name


@dataclass(frozen=True)
class Certificate:
    cert_file: Path
    key_file: Path
    fingerprint: str  # SHA-256 of the certificate, as browsers show it: "AB:01:..."
    made: bool  # made at this start (the phones will ask to accept it again)


def tls_folder(db: str) -> Path:
    """Where the certificate is kept: the SQLite file's folder; for a database URL (no file of
    ours), the working folder."""
    if "://" in db:
        return Path.cwd()
    return Path(os.path.abspath(db)).parent


def names_for(addresses: list[str]) -> list[Name]:
    """What the certificate must name: the given addresses, the loopback ones, localhost, and
    this machine's name (and NAME.local, as mDNS announces it): what a phone may type."""
    host = socket.gethostname()
    wanted: list[str] = [*addresses, "127.0.0.1", "::1", "localhost", host, f"{host}.local"]
    names: list[Name] = []
    for entry in wanted:
        try:
            name: Name = ipaddress.ip_address(entry)
        except ValueError:
            name = entry.lower()
        if name not in names:
            names.append(name)
    return names


def fingerprint(cert: x509.Certificate) -> str:
    return cert.fingerprint(hashes.SHA256()).hex(":").upper()


def covered(cert: x509.Certificate, names: list[Name]) -> set[Name]:
    """The `names` that `cert` names."""
    try:
        san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return set()
    held: set[object] = set(san.get_values_for_type(x509.IPAddress))
    held.update(name.lower() for name in san.get_values_for_type(x509.DNSName))
    return {name for name in names if name in held}


def usable(cert_file: Path, key_file: Path, names: list[Name]) -> x509.Certificate | None:
    """The stored certificate, if both files read and it still serves these names a while."""
    try:
        cert = x509.load_pem_x509_certificate(cert_file.read_bytes())
        key = serialization.load_pem_private_key(read_private(key_file), password=None)
    except (OSError, ValueError):
        return None
    if key.public_key() != cert.public_key():  # a start stopped between the two writes
        return None
    now = datetime.datetime.now(datetime.UTC)
    if cert.not_valid_after_utc - RENEW_BEFORE < now or covered(cert, names) != set(names):
        return None
    return cert


def make(names: list[Name]) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"tictac on {names[0]}")])
    now = datetime.datetime.now(datetime.UTC)
    alternatives = [x509.IPAddress(name) if not isinstance(name, str) else x509.DNSName(name)
                    for name in names]
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject).issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))  # a phone's clock a little behind
        .not_valid_after(now + datetime.timedelta(days=VALID_DAYS))
        .add_extension(x509.SubjectAlternativeName(alternatives), critical=False)
        # Its own authority, so that a phone may also install it as trusted (docs/server.md);
        # an authority for these names only, so that its key can vouch for no other site.
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(x509.NameConstraints(permitted_subtrees=[
            x509.IPAddress(ipaddress.ip_network(name)) if not isinstance(name, str)
            else x509.DNSName(name) for name in names], excluded_subtrees=None), critical=True)
        .add_extension(x509.KeyUsage(
            digital_signature=True, key_cert_sign=True, content_commitment=False,
            key_encipherment=False, data_encipherment=False, key_agreement=False,
            crl_sign=False, encipher_only=False, decipher_only=False), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()),
                       critical=False)
        .sign(key, hashes.SHA256())
    )
    return cert, key


def ensure_certificate(folder: Path, addresses: list[str]) -> Certificate:
    """The certificate kept in `folder`, made (or made anew) if it cannot serve `addresses`."""
    cert_file, key_file = folder / CERT_FILE, folder / KEY_FILE
    names = names_for(addresses)
    cert = usable(cert_file, key_file, names)
    made = cert is None
    if cert is None:
        cert, key = make(names)
        folder.mkdir(parents=True, exist_ok=True)
        # The key first, readable by this user only; the certificate last, so that a start
        # stopped half-way leaves no certificate without its key.
        key_bytes = key.private_bytes(serialization.Encoding.PEM,
                                      serialization.PrivateFormat.PKCS8,
                                      serialization.NoEncryption())
        write_private(key_file, key_bytes)
        cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return Certificate(cert_file, key_file, fingerprint(cert), made)


def write_private(path: Path, data: bytes) -> None:
    """`data` in `path`, readable by this user only: also a file that was there before with a
    looser mode (the mode given to `open` applies to a new file only); a symbolic link at
    `path` is refused (`OSError`), never followed to wherever it points."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    with os.fdopen(descriptor, "wb") as out:
        os.fchmod(out.fileno(), 0o600)
        out.write(data)


def read_private(path: Path) -> bytes:
    """The key file's bytes, its mode made this user's only; a symbolic link is refused."""
    descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    with os.fdopen(descriptor, "rb") as found:
        os.fchmod(found.fileno(), 0o600)
        return found.read()
