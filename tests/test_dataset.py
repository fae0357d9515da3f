"""The committed dataset: validated on load, with errors that name file, row and field."""

import shutil

import pytest

from generator.data import dataset
from generator.errors import InputErrors
from tests.conftest import DATA


def test_committed_dataset_loads(dataset):
    assert dataset.rounds == ["v4.1", "v5.1", "v6.0", "v6.1"]
    assert len(dataset.of_round("v6.1")) == 492


def test_latencies_are_never_divided_by_accelerators(dataset):
    for record in dataset.records:
        if record.units.startswith("Latency"):
            assert record.result_per_accelerator is None


def test_v61_ids_are_marked_derived_and_older_ones_published(dataset):
    assert all(r.result_id_derived for r in dataset.of_round("v6.1"))
    assert not any(r.result_id_derived for r in dataset.of_round("v6.0"))


def corrupt(tmp_path, row, column, value):
    shutil.copytree(DATA, tmp_path / "data")
    table = tmp_path / "data" / "results" / "v6.1.csv"
    lines = table.read_text(encoding="utf-8").split("\n")
    header = lines[0].split(",")
    import csv
    import io

    rows = list(csv.reader(io.StringIO(table.read_text(encoding="utf-8"))))
    rows[row][header.index(column)] = value
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    table.write_text(buffer.getvalue(), encoding="utf-8")
    return table


@pytest.mark.parametrize(
    "column, value, message",
    [
        ("result", "abc", "field 'result': Value error, expected a plain decimal number"),
        ("scenario", "offline", "field 'scenario': Input should be 'Offline'"),
        ("location", "../../etc/passwd", "field 'location': String should match pattern"),
        (
            "result_per_accelerator",
            "",
            "Value error, result_per_accelerator must be result / total_accelerators",
        ),
    ],
)
def test_a_bad_cell_is_reported_with_row_and_field(tmp_path, column, value, message):
    table = corrupt(tmp_path, 3, column, value)
    with pytest.raises(InputErrors) as caught:
        dataset.load(tmp_path / "data")
    assert str(caught.value.errors[0]).startswith(f"{table}: line 4: {message}")  # row 3


def test_benchmarks_match_an_independent_pandas_grouping(dataset):
    # The dataset as a DataFrame, grouped by pandas: one benchmark per (round, suite, model,
    # scenario, quantity), a result of "datacenter,edge" in both suites; its best closed result
    # is the max of throughputs / min of latencies, latencies compared in seconds. The
    # quantities and factors are written here from the unit names, not read from the code.
    from generator.model.benchmarks import benchmarks_of

    seconds = {"Latency (ms)": 0.001, "Latency (s)": 1.0}
    frame = dataset.frame.assign(suite=dataset.frame["suite"].str.split(",")).explode("suite")
    frame["quantity"] = frame["units"].map(lambda u: "latency" if u in seconds else u)
    frame["value"] = [r * seconds.get(u, 1.0) for r, u in zip(frame["result"], frame["units"])]
    for round_name in dataset.rounds:
        ours = benchmarks_of(dataset.of_round(round_name))
        in_round = frame[frame["round"] == round_name]
        groups = in_round.groupby(["suite", "model", "scenario", "quantity"])
        assert len(ours) == groups.ngroups
        for benchmark in ours:
            quantity = benchmark.results[0].units
            quantity = "latency" if quantity in seconds else quantity
            rows = in_round[
                (in_round["suite"] == benchmark.suite)
                & (in_round["model"] == benchmark.model)
                & (in_round["scenario"] == benchmark.scenario)
                & (in_round["quantity"] == quantity)
            ]
            assert len(rows) == len(benchmark.results)
            closed = rows[rows["division"] == "closed"]["value"]
            if len(closed):
                best = closed.min() if quantity == "latency" else closed.max()
                leader = benchmark.leader
                assert leader.result * seconds.get(leader.units, 1.0) == best
