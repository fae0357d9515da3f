"""MLCommons' result-ID rule (tools/submission/generate_final_report.py)."""

import json

import pytest

from generator.data.result_ids import assign_result_ids, audit_key
from tests.conftest import mlcommons_file


def test_audit_key_adds_the_used_model_in_the_open_division_only():
    assert audit_key("edge", "closed", "Acme", "box", "resnet50") == "edge/closed/Acme/box"
    assert audit_key("edge", "open", "Acme", "box", "resnet50") == "edge/open/Acme/box/resnet50"


def test_ids_follow_division_category_submitter_then_key():
    # Worked by hand: closed sorts before open, available before preview, "Acme" before "Zed";
    # one system keeps one number across its records (the last record is the first system:
    # the used model counts only in the open division), so there are four numbers.
    records = [
        {
            "suite": "edge",
            "division": "open",
            "category": "available",
            "submitter": "Acme",
            "platform": "p",
            "used_model": "m",
        },
        {
            "suite": "datacenter",
            "division": "closed",
            "category": "preview",
            "submitter": "Acme",
            "platform": "p",
            "used_model": "m",
        },
        {
            "suite": "datacenter",
            "division": "closed",
            "category": "available",
            "submitter": "Zed",
            "platform": "p",
            "used_model": "m",
        },
        {
            "suite": "edge",
            "division": "closed",
            "category": "available",
            "submitter": "Zed",
            "platform": "a",
            "used_model": "m",
        },
        {
            "suite": "datacenter",
            "division": "closed",
            "category": "available",
            "submitter": "Zed",
            "platform": "p",
            "used_model": "other",
        },
    ]
    assert assign_result_ids("v7.0", records) == [
        "7.0-0004",
        "7.0-0003",
        "7.0-0001",
        "7.0-0002",
        "7.0-0001",
    ]


@pytest.mark.parametrize("round_name", ["v6.0", "v5.1"])
def test_rule_reproduces_every_published_id(round_name):
    published = json.loads(mlcommons_file(round_name).read_text(encoding="utf-8"))
    records = [
        {
            "suite": r["Suite"],
            "division": r["Category"],
            "category": r["Availability"],
            "submitter": r["Submitter"],
            "platform": r["Platform"],
            "used_model": r["UsedModel"],
        }
        for r in published
    ]
    derived = assign_result_ids(round_name, records)
    mismatches = [(r["ID"], d) for r, d in zip(published, derived) if r["ID"] != d]
    assert not mismatches
    assert len(set(derived)) == {"v6.0": 112, "v5.1": 390}[round_name]  # distinct IDs published
