"""The lobby's QR code, drawn by our own encoder in the browser (static/qr.js), matches segno
(the server's QR library) module for module: same data codewords fed to segno's error
correction, placement, masking and format/version information, for every mask and for
versions 1 to 10."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page
from segno import consts
from segno import encoder as segno_encoder

TEXTS = [
    "hi",
    "http://127.0.0.1:8000/r/ABCDE",
    "http://192.168.1.20:8000/r/K7M2Q",
    "é" * 40,
    "x" * 150,
    "y" * 213,
]


def segno_matrix(data: list[int], version: int, mask: int) -> list[str]:
    """segno's symbol for our data codewords. (segno writes an extra zero byte before the pad
    codewords, which decoders ignore; feeding it our codewords compares everything after.)"""
    buffer = segno_encoder.Buffer()
    for byte in data:
        buffer.append_bits(byte, 8)
    final = segno_encoder.make_final_message(version, consts.ERROR_LEVEL_M, buffer)
    width = segno_encoder.calc_matrix_size(version)
    matrix = segno_encoder.make_matrix(width, width)
    segno_encoder.add_finder_patterns(matrix, width, width)
    segno_encoder.add_alignment_patterns(matrix, width, width)
    segno_encoder.add_codewords(matrix, final, version)
    mask, matrix = segno_encoder.find_and_apply_best_mask(matrix, width, width, mask)
    segno_encoder.add_format_info(matrix, version, consts.ERROR_LEVEL_M, mask)
    segno_encoder.add_version_info(matrix, version)
    return ["".join("1" if cell else "0" for cell in row) for row in matrix]


# Data codewords of versions 1-10 at level M (ISO/IEC 18004, table 7).
DATA_CODEWORDS_M = [16, 28, 44, 64, 86, 108, 124, 154, 182, 216]


def smallest_version(length: int) -> int:
    """Byte mode needs 4 bits of mode and 8 (16 from version 10) bits of length first."""
    for version, capacity in enumerate(DATA_CODEWORDS_M, start=1):
        header_bits = 12 if version < 10 else 20
        if header_bits + 8 * length <= 8 * capacity:
            return version
    raise ValueError(length)


def expected_bit_stream(text: str, version: int, capacity: int) -> list[int]:
    """Byte mode header, the bytes, a 4-bit terminator, then the 0xEC/0x11 pads."""
    payload = text.encode()
    bits = "0100" + format(len(payload), "08b" if version < 10 else "016b")
    bits += "".join(format(byte, "08b") for byte in payload) + "0000"
    bits += "0" * (-len(bits) % 8)
    stream = [int(bits[i : i + 8], 2) for i in range(0, len(bits), 8)]
    pads = [0xEC, 0x11]
    while len(stream) < capacity:
        stream.append(pads[(len(stream) - len(bits) // 8) % 2])
    return stream


@pytest.fixture(scope="module")
def qr_page(browser: Browser, server: str) -> Iterator[Page]:
    page = browser.new_page()
    page.goto(server + "/")
    yield page
    page.close()


@pytest.mark.parametrize("text", TEXTS)
def test_our_qr_code_matches_segno_for_every_mask(qr_page: Page, text: str) -> None:
    ours = qr_page.evaluate(
        """async (text) => {
            const { qrMatrix } = await import('/static/qr.js');
            return [0, 1, 2, 3, 4, 5, 6, 7].map((mask) => {
                const code = qrMatrix(text, mask);
                return { version: code.version, data: code.data,
                         rows: code.rows.map((row) => row.map((d) => (d ? '1' : '0')).join('')) };
            });
        }""",
        text,
    )
    version = ours[0]["version"]
    assert version == smallest_version(len(text.encode()))
    assert ours[0]["data"] == expected_bit_stream(text, version, len(ours[0]["data"]))
    for mask, code in enumerate(ours):
        assert code["rows"] == segno_matrix(code["data"], version, mask), f"mask {mask}"


def test_the_automatic_mask_is_one_of_the_eight(qr_page: Page) -> None:
    mask = qr_page.evaluate("async () => (await import('/static/qr.js')).qrMatrix('tictac').mask")
    assert mask in range(8)
