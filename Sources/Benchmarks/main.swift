let benchmarkArguments = Array(CommandLine.arguments.dropFirst())
switch benchmarkArguments.first {
case "fetch": await runFetchBenchmark(arguments: Array(benchmarkArguments.dropFirst()))
default: print("usage: rmwiki-bench fetch [--runs N] [--latency MS] [--concurrency N] [--data DIR]")
}
