"""The accelerator alias table and identify(): the real spellings of v4.1-v6.1, placeholders,
mixed systems, unknown spellings and faulty tables."""

from __future__ import annotations

import hashlib
import json

import pytest

from generator.data import accelerators
from generator.data.accelerators import Accelerator, identify, is_known
from generator.errors import InputError
from tests.conftest import mlcommons_file

ROUNDS = ("v4.1", "v5.1", "v6.0", "v6.1")

# Every accelerator spelling published in the four rounds -> (id, variant, mixed). Written by
# hand from the raw summaries in ../shared/data/mlperf/ (the `Accelerator` /
# `accelerator_model_name` values, checked against each record's submitter, system name and
# result folder), not generated from accelerators.yaml. The placeholders ("" and null) are
# in PLACEHOLDERS_PUBLISHED.
PUBLISHED = {
    # AMD
    "AMD Instinct MI300X 192GB HBM3": ("amd-instinct-mi300x", None, False),
    "AMD Instinct MI300X-NPS1-SPX-192GB-750W": ("amd-instinct-mi300x", "NPS1, SPX, 750 W", False),
    "AMD MI300X-NPS1-SPX-192GB-750W": ("amd-instinct-mi300x", "NPS1, SPX, 750 W", False),
    "AMD Instinct MI325X 256GB HBM3e": ("amd-instinct-mi325x", None, False),
    "AMD Instinct MI350P": ("amd-instinct-mi350p", None, False),
    "AMD Instinct MI350X": ("amd-instinct-mi350x", None, False),
    "AMD Instinct MI350X 288GB HBM3e": ("amd-instinct-mi350x", None, False),
    "AMD Instinct MI355X": ("amd-instinct-mi355x", None, False),
    "AMD Instinct MI355X 288GB HBM3e": ("amd-instinct-mi355x", None, False),
    "AMD Instinct MI355X 288GB HBM3E": ("amd-instinct-mi355x", None, False),
    "AMD Instinct MI355X 288GB HBM3e (Power Cap 1000 W)": (
        "amd-instinct-mi355x",
        "power cap 1000 W",
        False,
    ),
    "AMD Instinct MI355X 288GB HBM3e (x87)": ("amd-instinct-mi355x", "x87", False),
    "AMD Instinct MI355X 288GB HBM3e (x94)": ("amd-instinct-mi355x", "x94", False),
    "AMD Radeon 8060S Graphics": ("amd-radeon-8060s", None, False),
    # AMD mixed systems (MangoBoost clusters; Cisco's H200 + MI350X)
    "AMD Instinct MI300X 192GB HBM3 (x32), AMD Instinct MI325X 256GB HBM3e (x16)": (
        "amd-instinct-mi300x-and-amd-instinct-mi325x",
        "Instinct MI300X x32, Instinct MI325X x16",
        True,
    ),
    "AMD Instinct MI325X 256GB HBM3E (x16), AMD Instinct MI300X 192GB HBM3 (x8)": (
        "amd-instinct-mi300x-and-amd-instinct-mi325x",
        "Instinct MI325X x16, Instinct MI300X x8",
        True,
    ),
    "AMD Instinct MI300X 192GB HBM3 (x8) and AMD Instinct MI325X 256GB HBM3e (x8) and "
    "AMD Instinct MI355X 288GB HBM3e (x8)": (
        "amd-instinct-mi300x-and-amd-instinct-mi325x-and-amd-instinct-mi355x",
        "Instinct MI300X x8, Instinct MI325X x8, Instinct MI355X x8",
        True,
    ),
    "AMD Instinct MI300X 192GB HBM3 (x2x8) and AMD Instinct MI355X 288GB HBM3e (x2x8)": (
        "amd-instinct-mi300x-and-amd-instinct-mi355x",
        "Instinct MI300X x2x8, Instinct MI355X x2x8",
        True,
    ),
    "NVIDIA H200-SXM-141GB + AMD Instinct MI350X 288GB HBM3e": (
        "amd-instinct-mi350x-and-nvidia-h200-sxm",
        None,
        True,
    ),
    # Google
    "TPU v5e": ("google-tpu-v5e", None, False),
    "TPU v6": ("google-tpu-v6e", None, False),
    # Intel and MAXSUN
    "Intel(R) Arc(TM) 140T GPU": ("intel-arc-140t", None, False),
    "Intel(R) Arc Pro(R) B50": ("intel-arc-pro-b50", None, False),
    "Intel(R) Arc Pro(R) B60": ("intel-arc-pro-b60", None, False),
    "Intel(R) Arc Pro(R) B70": ("intel-arc-pro-b70", None, False),
    "Intel(R) Arc(TM) Pro B70": ("intel-arc-pro-b70", None, False),
    "[MAXSUN] MS-Intel Arc Pro B60 Dual 48G Turbo": (
        "maxsun-intel-arc-pro-b60-dual-turbo",
        None,
        False,
    ),
    "MS-Intel Arc Pro B60 Dual 48G Turbo": ("maxsun-intel-arc-pro-b60-dual-turbo", None, False),
    # NVIDIA
    "NVIDIA B200-SXM-180GB": ("nvidia-b200-sxm", None, False),
    "NVIDIA B300-SXM-270GB": ("nvidia-b300-sxm", None, False),
    "Nvidia B300-SXM-270GB": ("nvidia-b300-sxm", None, False),
    "NVIDIA GB10": ("nvidia-gb10", None, False),
    "NVIDIA GB200": ("nvidia-gb200", None, False),
    "NVIDIA GB300": ("nvidia-gb300", None, False),
    "NVIDIA GeForce GTX 1650 Ti": ("nvidia-geforce-gtx-1650-ti", None, False),
    "NVIDIA GeForce RTX 4090": ("nvidia-geforce-rtx-4090", None, False),
    "NVIDIA GH200 Grace Hopper Superchip 96GB": ("nvidia-gh200-96gb", None, False),
    "NVIDIA GH200 Grace Hopper Superchip 144GB": ("nvidia-gh200-144gb", None, False),
    "NVIDIA H100-NVL-94GB": ("nvidia-h100-nvl", None, False),
    "NVIDIA H100-PCIe-80GB": ("nvidia-h100-pcie", None, False),
    "NVIDIA H100-SXM-80GB": ("nvidia-h100-sxm", None, False),
    "NVIDIA H200-NVL-141GB": ("nvidia-h200-nvl", None, False),
    "NVIDIA H200-SXM-141GB": ("nvidia-h200-sxm", None, False),
    "NVIDIA H200-SXM-141GB-CTS": ("nvidia-h200-sxm", "CTS (custom thermal solution)", False),
    "Virtualized NVIDIA H200-SXM-141GB": ("nvidia-h200-sxm", "virtualized", False),
    "NVIDIA Jetson AGX Orin 64G": ("nvidia-jetson-agx-orin-64gb", None, False),
    "NVIDIA Jetson AGX Thor 128G": ("nvidia-jetson-agx-thor", None, False),
    "NVIDIA L4": ("nvidia-l4", None, False),
    "NVIDIA L4-PCIe-24GB": ("nvidia-l4", None, False),
    "NVIDIA L40S": ("nvidia-l40s", None, False),
    "NVIDIA RTX-2000E-Ada-16GB": ("nvidia-rtx-2000e-ada", None, False),
    "NVIDIA RTX 4000 Ada-PCIe-20GB": ("nvidia-rtx-4000-ada", None, False),
    "NVIDIA RTX A5000 GPU": ("nvidia-rtx-a5000", None, False),
    "NVIDIA RTX PRO 4500 Blackwell": ("nvidia-rtx-pro-4500-blackwell", None, False),
    "NVIDIA RTX PRO 4500 Blackwell Server Edition": ("nvidia-rtx-pro-4500-blackwell", None, False),
    "NVIDIA RTX PRO 4500 Blackwell-PCIe-32GB": ("nvidia-rtx-pro-4500-blackwell", None, False),
    "NVIDIA RTX PRO 6000 Blackwell": ("nvidia-rtx-pro-6000-blackwell", None, False),
    "NVIDIA RTX PRO 6000 Blackwell Server Edition": ("nvidia-rtx-pro-6000-blackwell", None, False),
    "Tesla T4": ("nvidia-t4", None, False),
    "NVIDIA Vera Rubin": ("nvidia-vera-rubin-vr200", None, False),
    "NVIDIA VR200": ("nvidia-vera-rubin-vr200", None, False),
    # Untether AI
    "UntetherAI speedAI240 Preview": ("untether-ai-speedai240-preview", None, False),
    "UntetherAI speedAI240 Slim": ("untether-ai-speedai240-slim", None, False),
}
# CPU-only systems: "" in the final reports (v4.1, v5.1, v6.0), null in v6.1.
PLACEHOLDERS_PUBLISHED = {"", None}


def published_spellings() -> set[str | None]:
    """Every accelerator value of the four raw summaries (skips when they are absent)."""
    spellings: set[str | None] = set()
    for round_name in ROUNDS:
        raw = json.loads(mlcommons_file(round_name).read_text(encoding="utf-8"))
        if isinstance(raw, dict):  # submission-checker summary (v6.1)
            spellings |= {r.get("accelerator_model_name") for r in raw.values()}
        else:  # final report (v4.1, v5.1, v6.0)
            spellings |= {r.get("Accelerator") for r in raw}
    return spellings


def test_every_published_spelling_is_known_and_checked_by_hand():
    spellings = published_spellings()
    assert len(spellings) == 65
    assert spellings == set(PUBLISHED) | PLACEHOLDERS_PUBLISHED
    unknown = sorted(s for s in spellings if not is_known(s))
    assert unknown == []


@pytest.mark.parametrize("spelling", sorted(PUBLISHED))
def test_published_spelling_identity(spelling):
    identity = identify(spelling)
    assert (identity.accelerator.id, identity.variant, identity.mixed) == PUBLISHED[spelling]


def test_mi355x_spellings_are_one_accelerator_with_their_variants():
    mi355x = Accelerator("amd-instinct-mi355x", "AMD", "Instinct MI355X", "288 GB HBM3E")
    expected = {
        "AMD Instinct MI355X 288GB HBM3e": None,
        "AMD Instinct MI355X 288GB HBM3E": None,
        "AMD Instinct MI355X": None,
        "AMD Instinct MI355X 288GB HBM3e (x87)": "x87",
        "AMD Instinct MI355X 288GB HBM3e (x94)": "x94",
        "AMD Instinct MI355X 288GB HBM3e (Power Cap 1000 W)": "power cap 1000 W",
    }
    for spelling, variant in expected.items():
        identity = identify(spelling)
        assert identity.accelerator == mi355x
        assert (identity.variant, identity.mixed, identity.parts) == (variant, False, ())
    assert mi355x.name == "AMD Instinct MI355X 288 GB HBM3E"


def test_mi300x_of_v41_is_the_mi300x_of_v51():
    v41 = identify("AMD Instinct MI300X-NPS1-SPX-192GB-750W")
    v51 = identify("AMD Instinct MI300X 192GB HBM3")
    assert v41.accelerator == v51.accelerator
    assert v41.accelerator.name == "AMD Instinct MI300X 192 GB HBM3"
    assert (v41.variant, v51.variant) == ("NPS1, SPX, 750 W", None)
    assert identify("AMD MI300X-NPS1-SPX-192GB-750W") == v41  # Dell's v4.1 spelling


def test_close_names_of_different_parts_stay_apart():
    ids = {
        identify(s).accelerator.id
        for s in (
            "NVIDIA H100-SXM-80GB",
            "NVIDIA H100-NVL-94GB",
            "NVIDIA H100-PCIe-80GB",
            "NVIDIA H200-SXM-141GB",
            "NVIDIA H200-NVL-141GB",
            "NVIDIA B200-SXM-180GB",
            "NVIDIA GB200",
            "NVIDIA GH200 Grace Hopper Superchip 96GB",
            "NVIDIA GH200 Grace Hopper Superchip 144GB",
            "AMD Instinct MI350X",
            "AMD Instinct MI355X",
        )
    }
    assert len(ids) == 11


@pytest.mark.parametrize(
    "placeholder", ["", "N/A", "n/a", "-", "None", "NONE", None, "   ", " N/A "]
)
def test_placeholders_mean_no_accelerator(placeholder):
    assert identify(placeholder) is None
    assert is_known(placeholder)


def test_mixed_system_keeps_its_parts():
    identity = identify(
        "AMD Instinct MI300X 192GB HBM3 (x32), AMD Instinct MI325X 256GB HBM3e (x16)"
    )
    assert identity.mixed
    assert [(p.accelerator.id, p.variant) for p in identity.parts] == [
        ("amd-instinct-mi300x", "x32"),
        ("amd-instinct-mi325x", "x16"),
    ]
    assert identity.accelerator.name == (
        "AMD Instinct MI300X 192 GB HBM3 + Instinct MI325X 256 GB HBM3E"
    )
    cisco = identify("NVIDIA H200-SXM-141GB + AMD Instinct MI350X 288GB HBM3e")
    assert cisco.accelerator.vendor == "AMD + NVIDIA"
    assert cisco.accelerator.name == "AMD Instinct MI350X 288 GB HBM3E + NVIDIA H200 SXM 141 GB"


def test_mixed_system_of_a_made_up_name():
    identity = identify("NVIDIA GB200 and NVIDIA B200-SXM-180GB (x8)")
    assert identity.mixed and is_known("NVIDIA GB200 and NVIDIA B200-SXM-180GB (x8)")
    assert identity.accelerator.id == "nvidia-b200-sxm-and-nvidia-gb200"
    assert identity.variant == "B200 SXM x8"
    # The same model twice is not a mix.
    same = identify("NVIDIA L4 + NVIDIA L4-PCIe-24GB")
    assert (same.accelerator.id, same.mixed) == ("nvidia-l4", False)
    # A mix with a part the table does not know is one unknown spelling, reported as such.
    assert not is_known("NVIDIA GB200 + Acme Tensor 9")


def test_unknown_spelling_gets_its_own_accelerator():
    # The id is the slug and the first 6 hex digits of the SHA-256 of the exact spelling,
    # computed here with hashlib.
    def tail(text):
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:6]

    identity = identify("Huawei Ascend 910B")
    assert identity.accelerator == Accelerator(
        f"huawei-ascend-910b-{tail('Huawei Ascend 910B')}", "Huawei", "Ascend 910B", None
    )
    assert (identity.variant, identity.mixed) == (None, False)
    assert not is_known("Huawei Ascend 910B")
    assert identify("昇腾 910B").accelerator.id == f"sheng-teng-910b-{tail('昇腾 910B')}"
    # Two unknown spellings never share a page, and none takes a known accelerator's page.
    assert identify("Foo GPU").accelerator.id != identify("FOO GPU").accelerator.id
    assert identify("Nvidia-L4").accelerator.id == f"nvidia-l4-{tail('Nvidia-L4')}"


def test_spaces_around_and_inside_a_spelling_are_harmless():
    assert identify("  NVIDIA   L40S ") == identify("NVIDIA L40S")


def test_ids_are_unique_slugs_and_each_spelling_is_listed_once():
    table = accelerators.table()
    assert all(accelerators.ID.match(ident) for ident in table.accelerators)
    assert len(table.accelerators) == 40
    assert len(table.spellings) == 59


def write_table(tmp_path, body: str):
    path = tmp_path / "accelerators.yaml"
    path.write_text("accelerators:\n" + body, encoding="utf-8")
    return path


ENTRY = """\
  - id: {id}
    vendor: NVIDIA
    model: L4
    memory: 24 GB
    spellings: [{spellings}]
"""


@pytest.mark.parametrize(
    "body, message",
    [
        (
            ENTRY.format(id="nvidia-l4", spellings='"NVIDIA L4", "NVIDIA L4"'),
            "accelerator 1 (nvidia-l4): field 'spellings': 'NVIDIA L4' is listed twice "
            "(also in accelerator 1 (nvidia-l4))",
        ),
        (
            ENTRY.format(id="nvidia-l4", spellings='"NVIDIA L4"')
            + ENTRY.format(id="nvidia-l4-pcie", spellings='"NVIDIA  L4"'),
            "accelerator 2 (nvidia-l4-pcie): field 'spellings': 'NVIDIA L4' is listed twice "
            "(also in accelerator 1 (nvidia-l4))",
        ),
        (
            ENTRY.format(id="NVIDIA L4", spellings='"NVIDIA L4"'),
            "accelerator 1 (NVIDIA L4): field 'id': 'NVIDIA L4' must be lowercase ASCII letters",
        ),
        (
            ENTRY.format(id="nvidia-l4", spellings='"a"')
            + ENTRY.format(id="nvidia-l4", spellings='"b"'),
            "accelerator 2 (nvidia-l4): field 'id': 'nvidia-l4' is already used by another entry",
        ),
        (
            ENTRY.format(id="nvidia-l4", spellings='"N/A"'),
            "field 'spellings': 'N/A' is a placeholder",
        ),
        (
            ENTRY.format(id="nvidia-l4", spellings='"NVIDIA L4"').replace(
                "    vendor: NVIDIA\n", ""
            ),
            "accelerator 1 (nvidia-l4): field 'vendor': missing",
        ),
    ],
)
def test_bad_table_names_the_file_entry_and_field(tmp_path, body, message):
    path = write_table(tmp_path, body)
    with pytest.raises(InputError) as raised:
        accelerators.load(path)
    assert str(raised.value).startswith(f"{path}: ")
    assert message in str(raised.value)
