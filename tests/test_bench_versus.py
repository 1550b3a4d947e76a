"""The benchmarks' old-and-new runs hand each checkout the same arguments, less their own."""

import json
from pathlib import Path

import pytest

from tools import bench_frames
from tools.bench_versus import strip


def test_the_runs_get_the_measurement_arguments_only() -> None:
    argv = ["--rules", "block", "--versus", "../old", "--json", "--rounds=3", "--seconds", "1"]
    assert strip(argv) == ["--rules", "block", "--seconds", "1"]
    assert strip(["--versus=../old", "--rounds", "2"]) == []


def test_the_frames_benchmark_measures_the_other_checkout_with_the_same_arguments(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Old and new frames in one run: ``--versus`` hands both checkouts the measurement."""
    calls: list[tuple[str, list[str], Path, int]] = []

    def measured(module: str, argv: list[str], other: Path, rounds: int) -> dict[str, object]:
        calls.append((module, argv, other, rounds))
        return {"other": [], "this": []}

    monkeypatch.setattr(bench_frames, "versus", measured)
    argv = ["--frames", "60", "--versus", "../old", "--rounds", "3", "--screen", "title"]
    assert bench_frames.main(argv) == 0
    assert calls == [
        ("tools.bench_frames", ["--frames", "60", "--screen", "title"], Path("../old"), 3)
    ]
    assert json.loads(capsys.readouterr().out) == {"other": [], "this": []}
