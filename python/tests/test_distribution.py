"""The distribution's name (issue 50): `chimera` on the package index is an unrelated
project, so the package is distributed as `chimera-variants` and imported as `chimera`."""

from importlib.metadata import distribution

import chimera


def test_the_distribution_is_chimera_variants_and_the_import_chimera():
    dist = distribution("chimera-variants")
    assert dist.metadata["Name"] == "chimera-variants"
    files = [str(f) for f in dist.files or []]
    assert any(f.startswith("chimera/") for f in files), files[:5]
    assert chimera.variant("chess").perft(2) == 400
