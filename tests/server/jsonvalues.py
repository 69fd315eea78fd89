"""Any JSON value, for the hypothesis tests that throw messages at the server."""

from hypothesis import strategies as st


def json_of(strings: st.SearchStrategy[str]) -> st.SearchStrategy[object]:
    return st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | strings,
        lambda inner: st.lists(inner, max_size=4)
        | st.dictionaries(strings, inner, max_size=4),
        max_leaves=12,
    )


json_values = json_of(st.text(max_size=20))
# Only strings the server's text gate lets through (no control or format characters), for tests
# whose expected refusal is another one than `bad_text`.
PRINTABLE = st.characters(exclude_categories=["Cs", "Cc", "Cf", "Zl", "Zp", "Co", "Cn"])
printable_json_values = json_of(st.text(PRINTABLE, max_size=20))
