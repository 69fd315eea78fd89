"""Debian's nginx configured from `deploy/nginx.conf` (the very file docs/deploy.md shows), with
a test's upstream addresses and port and nothing else changed, on a free loopback port in a
prefix of its own, killed on every path."""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from serverproc import free_port

ROOT = Path(__file__).resolve().parents[2]
NGINX_CONF = ROOT / "deploy" / "nginx.conf"
NGINX = "/usr/sbin/nginx"
UPSTREAM = " max_fails=0"  # each upstream's options, kept
CERTIFICATE = ("ssl_certificate /etc/letsencrypt/live/games.example.org/fullchain.pem;",
               "ssl_certificate_key /etc/letsencrypt/live/games.example.org/privkey.pem;")


def replace_once(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, f"deploy/nginx.conf no longer has {old!r} once"
    return text.replace(old, new)


def site_config(upstreams: list[str], port: int, cert: Path | None, key: Path | None) -> str:
    """deploy/nginx.conf with these upstreams (host:port) and port, and this certificate; with
    none, plain HTTP (for clients that are the tests' own: TLS has its test in test_proxy)."""
    site = NGINX_CONF.read_text()
    site = replace_once(site, f"    server 10.0.0.11:8000{UPSTREAM};\n"
                              f"    server 10.0.0.12:8000{UPSTREAM};\n",
                        "".join(f"    server {upstream}{UPSTREAM};\n" for upstream in upstreams))
    if cert is None or key is None:
        site = replace_once(site, "listen 443 ssl;", f"listen 127.0.0.1:{port};")
        for line in CERTIFICATE:
            site = replace_once(site, f"    {line}\n", "")
        return site
    site = replace_once(site, "listen 443 ssl;", f"listen 127.0.0.1:{port} ssl;")
    site = replace_once(site, CERTIFICATE[0], f"ssl_certificate {cert};")
    return replace_once(site, CERTIFICATE[1], f"ssl_certificate_key {key};")


@contextmanager
def nginx(root: Path, upstreams: list[str], *, tls: bool = True) -> Iterator[int]:
    """nginx in front of `upstreams` (host:port each); yields the port it listens on."""
    root.mkdir(exist_ok=True)
    cert = key = None
    if tls:
        cert, key = root / "cert.pem", root / "key.pem"
        subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                        "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", str(key), "-out",
                        str(cert), "-days", "2", "-subj", "/CN=games.example.org"],
                       check=True, capture_output=True, timeout=60)
    port = free_port()
    temp = "\n".join(f"    {kind}_temp_path {root / kind};"
                     for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    config = root / "nginx.conf"
    config.write_text(f"daemon off;\nmaster_process off;\npid {root / 'nginx.pid'};\n"
                      f"error_log {root / 'error.log'};\n"
                      # a client takes two connections (its own and the upstream's): the
                      # default 512 would cap a load test at 256 clients
                      "events { worker_connections 4096; }\nhttp {\n"
                      f"    access_log {root / 'access.log'};\n{temp}\n"
                      f"{site_config(upstreams, port, cert, key)}}}\n")
    process = subprocess.Popen([NGINX, "-p", str(root), "-e", str(root / "error.log"),
                                "-c", str(config)], stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, process.stderr.read()  # type: ignore[union-attr]
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "nginx did not listen"
                time.sleep(0.1)
        yield port
    finally:
        process.kill()
        process.wait(10)
