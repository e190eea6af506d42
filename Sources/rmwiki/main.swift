import Foundation
import RMWikiCLI

// Before anything starts a thread: without /proc the runtime has already lost the arguments and Dispatch
// would trap at random (see ProcFileSystem).
if let problem = ProcFileSystem.problem() {
    FileHandle.standardError.write(Data((problem + "\n").utf8))
    exit(ExitCode.failure.rawValue)
}
exit(await RMWikiTool.run(Array(CommandLine.arguments.dropFirst())))
