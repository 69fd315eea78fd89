"""Podman as the image tests drive it: Debian's podman, with Debian's runc (the default crun
refuses this machine's hybrid cgroups) and explicit ulimits within the machine's hard limits
(podman's defaults exceed them). The base image, `debian:bookworm-slim` to the Containerfile,
cannot be pulled here: it is made once by `debootstrap --variant=minbase bookworm` and
imported under that name, and podman's image store keeps it from one run to the next."""

from __future__ import annotations

import resource
import shutil
import subprocess
import tempfile
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent.parent  # its Containerfile
BASE = "docker.io/library/debian:bookworm-slim"
MIRROR = "http://deb.debian.org/debian"
# The machine's own certificate authorities (a proxy between it and the package registries
# signs with one): put in the base image where Debian's ca-certificates adds them to the store.
LOCAL_CAS = Path("/usr/local/share/ca-certificates")


def podman(*args: str, timeout: float = 1200, check: bool = True,
           ) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["podman", "--runtime", "runc", *args], capture_output=True,
                          text=True, timeout=timeout, check=check)


def ulimits() -> list[str]:
    """`--ulimit` flags within this process's hard limits."""
    flags = []
    for name, which, wanted in (("nofile", resource.RLIMIT_NOFILE, 65536),
                                ("nproc", resource.RLIMIT_NPROC, 4096)):
        hard = resource.getrlimit(which)[1]
        value = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        flags += ["--ulimit", f"{name}={value}:{value}"]
    return flags


def why_not() -> str | None:
    """Why podman cannot run containers here, or None."""
    for tool in ("podman", "runc", "debootstrap"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed"
    try:
        done = podman("info", timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired) as failure:
        return f"podman info failed: {failure}"
    if done.returncode:
        return f"podman info failed: {done.stderr.strip()[-300:]}"
    return None


def ensure_base() -> None:
    """The base image, made and imported if podman's store lacks it."""
    if podman("image", "exists", BASE, check=False).returncode == 0:
        return
    with tempfile.TemporaryDirectory(prefix="tictac-base-") as folder:
        root = Path(folder) / "root"
        subprocess.run(["debootstrap", "--variant=minbase", "bookworm", str(root), MIRROR],
                       capture_output=True, check=True, timeout=1200)
        shutil.rmtree(root / "var/cache/apt/archives", ignore_errors=True)
        (root / "var/cache/apt/archives/partial").mkdir(parents=True)
        authorities = root / "usr/local/share/ca-certificates"
        authorities.mkdir(parents=True, exist_ok=True)
        for authority in LOCAL_CAS.glob("*.crt"):
            shutil.copy(authority, authorities / authority.name)
        tar = subprocess.Popen(["tar", "-C", str(root), "-c", "."], stdout=subprocess.PIPE)
        subprocess.run(["podman", "import", "-", BASE], stdin=tar.stdout, capture_output=True,
                       check=True, timeout=600)
        tar.wait(60)


def build(context: Path, tag: str, containerfile: str = "Containerfile",
          ) -> subprocess.CompletedProcess[str]:
    """The `containerfile` of `context` built as `tag` (the docker format keeps the
    HEALTHCHECK; the build's network is the host's, through which the package registries are
    reached)."""
    return podman("build", "--format", "docker", "--network", "host", *ulimits(),
                  "-t", tag, "-f", str(context / containerfile), str(context), check=False)
