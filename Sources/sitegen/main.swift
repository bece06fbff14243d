import Foundation
import SiteGen
import SiteGenCLI

// All behaviour lives in SiteGenCLI's CommandLineTool, where it is tested.
let code = CommandLineTool(errorStyle: .forStream(STDERR_FILENO)).run(Array(CommandLine.arguments.dropFirst()))
exit(code.rawValue)
