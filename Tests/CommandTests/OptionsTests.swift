import Testing

@testable import youbi
