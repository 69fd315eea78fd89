"""`tictac serve --tls` (issue 24, item 5): HTTPS with a self-signed certificate kept next to the
database — the same one after a restart, so phones accept it once — naming the LAN address and
localhost, its SHA-256 fingerprint printed with an https address; without `--tls`, plain http
as before and no certificate written."""

from __future__ import annotations

import ssl
import subprocess
import time
from pathlib import Path

import httpx
import pytest
from cryptography import x509
from serverproc import PATIENCE_S, TICTAC, ServerProcess

from tictac.cli.serve import announce
from tictac.server.lan import lan_address, share_origin
from tictac.server.settings import ServerSettings
from tictac.server.tls import CERT_FILE, KEY_FILE, ensure_certificate


def san_of(cert_file: Path) -> list[str]:
    cert = x509.load_pem_x509_certificate(cert_file.read_bytes())
    names = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    return [str(name) for name in names.get_values_for_type(x509.IPAddress)] + \
        names.get_values_for_type(x509.DNSName)


def test_the_certificate_is_kept_and_made_anew_only_for_a_new_address(tmp_path: Path) -> None:
    first = ensure_certificate(tmp_path, ["192.168.1.20"])
    assert first.made and first.cert_file == tmp_path / CERT_FILE
    assert {"192.168.1.20", "127.0.0.1", "::1", "localhost"} <= set(san_of(first.cert_file))
    assert (tmp_path / KEY_FILE).stat().st_mode & 0o077 == 0  # the key is this user's only
    # An authority a phone may install, for these names only (never another site's).
    cert = x509.load_pem_x509_certificate(first.cert_file.read_bytes())
    assert cert.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    limits = cert.extensions.get_extension_for_class(x509.NameConstraints).value
    assert limits.permitted_subtrees is not None
    assert len(limits.permitted_subtrees) == len(san_of(first.cert_file))
    again = ensure_certificate(tmp_path, ["192.168.1.20"])
    assert (again.fingerprint, again.made) == (first.fingerprint, False)
    moved = ensure_certificate(tmp_path, ["192.168.1.31"])  # the Wi-Fi gave another address
    assert moved.made and moved.fingerprint != first.fingerprint
    assert "192.168.1.31" in san_of(moved.cert_file)


def test_a_certificate_without_its_key_is_made_anew(tmp_path: Path) -> None:
    first = ensure_certificate(tmp_path, ["10.0.0.5"])
    other = tmp_path / "other"
    (tmp_path / KEY_FILE).write_bytes((ensure_certificate(other, ["10.0.0.5"]).key_file)
                                      .read_bytes())
    again = ensure_certificate(tmp_path, ["10.0.0.5"])
    assert again.made and again.fingerprint != first.fingerprint


def test_a_key_file_left_readable_by_others_is_made_this_users_only(tmp_path: Path) -> None:
    """A key file that was there at 0644, rewritten (a new address) or kept, ends at 0600."""
    first = ensure_certificate(tmp_path, ["10.0.0.5"])
    first.key_file.chmod(0o644)
    ensure_certificate(tmp_path, ["10.0.0.5"])  # kept
    assert first.key_file.stat().st_mode & 0o777 == 0o600
    first.key_file.chmod(0o644)
    assert ensure_certificate(tmp_path, ["10.0.0.6"]).made  # rewritten
    assert first.key_file.stat().st_mode & 0o777 == 0o600


def test_a_symbolic_link_at_the_keys_path_is_never_followed(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_bytes(b"someone else's file\n")
    elsewhere.chmod(0o644)
    folder = tmp_path / "tls"
    folder.mkdir()
    (folder / KEY_FILE).symlink_to(elsewhere)
    with pytest.raises(OSError):
        ensure_certificate(folder, ["10.0.0.5"])
    assert elsewhere.read_bytes() == b"someone else's file\n"
    assert elsewhere.stat().st_mode & 0o777 == 0o644


def test_the_announcement_gives_the_https_address_and_the_fingerprint(tmp_path: Path) -> None:
    certificate = ensure_certificate(tmp_path, [lan_address()])
    lines: list[str] = []
    url = announce("0.0.0.0", 8443, lines.append, certificate)
    assert url == f"https://{lan_address()}:8443/" and url in lines[0]
    assert any(certificate.fingerprint in line for line in lines)
    assert len(certificate.fingerprint) == 32 * 3 - 1  # 32 bytes as AB:CD:...
    assert share_origin(ServerSettings(host="0.0.0.0", port=8443, tls=True)) == url[:-1]


def served_fingerprint(port: int) -> str:
    pem = ssl.get_server_certificate(("127.0.0.1", port))
    cert = x509.load_pem_x509_certificate(pem.encode())
    from tictac.server.tls import fingerprint

    return fingerprint(cert)


def wait_printed(output: Path, text: str) -> str:
    deadline = time.monotonic() + PATIENCE_S
    while text not in output.read_text():
        assert time.monotonic() < deadline, output.read_text()
        time.sleep(0.1)
    return output.read_text()


def test_serve_tls_serves_https_with_the_same_certificate_after_a_restart(tmp_path: Path) -> None:
    output = tmp_path / "serve.log"
    server = ServerProcess(tmp_path / "party.sqlite3", "--tls", output=output).start()
    try:
        said = wait_printed(output, "SHA-256")
        served = served_fingerprint(server.port)
        assert f"SHA-256 {served}" in said and f"https://127.0.0.1:{server.port}/" in said
        # The certificate itself is what a phone that trusts it checks: name and all.
        trusting = ssl.create_default_context(cafile=tmp_path / CERT_FILE)
        answer = httpx.get(f"https://127.0.0.1:{server.port}/healthz", verify=trusting)
        assert answer.status_code == 200
        with pytest.raises(httpx.HTTPError):
            httpx.get(f"http://127.0.0.1:{server.port}/healthz")  # no plain http beside it
    finally:
        server.stop()
    output.write_text("")
    server.start()
    try:
        said = wait_printed(output, "SHA-256")
        assert served_fingerprint(server.port) == served and f"SHA-256 {served}" in said
        assert "as before" in said
    finally:
        server.stop()


def test_serve_without_tls_is_plain_http_and_writes_no_certificate(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "party.sqlite3").start()
    try:
        assert server.base.startswith("http://")
        assert httpx.get(server.base + "/healthz").status_code == 200
    finally:
        server.stop()
    assert not (tmp_path / CERT_FILE).exists() and not (tmp_path / KEY_FILE).exists()


def test_tls_is_refused_for_a_cluster_node() -> None:
    done = subprocess.run(
        [TICTAC, "serve", "--tls", "--db", "postgresql+asyncpg://nobody@127.0.0.1:1/none",
         "--redis", "redis://127.0.0.1:1"], capture_output=True, text=True, timeout=PATIENCE_S)
    assert done.returncode == 2 and "--tls is for one server" in done.stderr
