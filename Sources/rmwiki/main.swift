// rmwiki, the executable: everything it does is in RMWikiCLI.

import Foundation
import RMWikiCLI

// Before anything starts a thread: without /proc the runtime has already lost the arguments and Dispatch
// would trap at random (see ProcFileSystem).
if let problem = ProcFileSystem.problem() {
    FileHandle.standardError.write(Data((problem + "\n").utf8))
    exit(ExitCode.failure.rawValue)
}
// rmwiki writes nothing outside --cache and the output, but any URLSessionConfiguration (.ephemeral too) is
// made from URLCache.shared and HTTPCookieStorage.shared, which create ~/.cache/org.swift.foundation.URLCache/
// rmwiki and ~/.local/share/<folder of the binary> the first time they are touched, whatever the session then
// uses (ours: no URL cache, ephemeral cookies). With both XDG homes inside /proc (present, as checked above,
// and where no folder can be made) those creations fail, which Foundation tolerates: it keeps no disk cache
// and its cookie file path is never written. Set here, before any thread exists, as setenv is not thread-safe.
for variable in ["XDG_CACHE_HOME", "XDG_DATA_HOME"] {
    setenv(variable, "/proc/self/rmwiki-writes-nothing-here", 1)
}
exit(await RMWikiTool.run(Array(CommandLine.arguments.dropFirst())))
