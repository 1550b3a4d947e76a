"""The benchmarks' old-and-new runs hand each checkout the same arguments, less their own."""

from tools.bench_versus import strip


def test_the_runs_get_the_measurement_arguments_only() -> None:
    argv = ["--rules", "block", "--versus", "../old", "--json", "--rounds=3", "--seconds", "1"]
    assert strip(argv) == ["--rules", "block", "--seconds", "1"]
    assert strip(["--versus=../old", "--rounds", "2"]) == []
