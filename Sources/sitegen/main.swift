import Foundation
import SiteGen

// All behaviour lives in SiteGen's CommandLineTool, where it is tested.
let code = CommandLineTool(errorStyle: .forStream(STDERR_FILENO)).run(Array(CommandLine.arguments.dropFirst()))
exit(code.rawValue)
