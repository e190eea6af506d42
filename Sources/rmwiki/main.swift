import Foundation
import RMWikiCLI

exit(await RMWikiTool.run(Array(CommandLine.arguments.dropFirst())))
