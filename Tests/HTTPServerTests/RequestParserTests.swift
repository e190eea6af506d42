@testable import HTTPServer
import Testing

@Suite struct RequestParserTests {
    let parser = RequestParser(maxRequestLineBytes: 64, maxHeaderBytes: 128, maxBodyBytes: 16)

    private func request(_ text: String) -> (RequestParser.ParsedRequest, Int)? {
        guard case .complete(let parsed, let consumed) = parser.parse(Array(text.utf8)) else { return nil }
        return (parsed, consumed)
    }

    private func status(_ text: String) -> Int? {
        guard case .failure(let status, _) = parser.parse(Array(text.utf8)) else { return nil }
        return status
    }

    @Test func parsesTargetPathQueryAndHeaders() throws {
        let (parsed, consumed) = try #require(request("GET /a%20b/c?x=1&y=caf%C3%A9&flag HTTP/1.1\r\nHost: h\r\nX-Y:  v  \r\n\r\nNEXT"))
        #expect(parsed.request.target == "/a%20b/c?x=1&y=caf%C3%A9&flag")
        #expect(parsed.request.path == "/a b/c")
        #expect(parsed.request.query == ["x": "1", "y": "café", "flag": ""])
        #expect(parsed.request.headers["x-y"] == "v")
        #expect(parsed.keepAlive)
        #expect(consumed == "GET /a%20b/c?x=1&y=caf%C3%A9&flag HTTP/1.1\r\nHost: h\r\nX-Y:  v  \r\n\r\n".utf8.count)
    }

    @Test func acceptsBareLineFeedsAndLeadingBlankLines() throws {
        let (parsed, _) = try #require(request("\r\n\nGET /x HTTP/1.0\nA: b\n\n"))
        #expect(parsed.request.path == "/x")
        #expect(parsed.request.headers["A"] == "b")
        #expect(!parsed.keepAlive)
    }

    @Test func absoluteFormAndAsteriskTargets() throws {
        #expect(try #require(request("GET http://example.org/p?q=1 HTTP/1.1\r\nHost: h\r\n\r\n")).0.request.path == "/p")
        #expect(try #require(request("GET HTTP://example.org HTTP/1.1\r\nHost: h\r\n\r\n")).0.request.path == "/")
        #expect(try #require(request("OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n")).0.request.path == "*")
        #expect(status("GET * HTTP/1.1\r\n\r\n") == 400)
    }

    @Test func connectionCloseAmongOtherTokens() throws {
        #expect(try #require(request("GET / HTTP/1.1\r\nHost: h\r\nConnection: Upgrade, Close\r\n\r\n")).0.keepAlive == false)
    }

    @Test func waitsForTheWholeBody() throws {
        guard case .incomplete(let headComplete, let expectsContinue) =
            parser.parse(Array("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\nab".utf8)) else {
            Issue.record("expected incomplete")
            return
        }
        #expect(headComplete)
        #expect(expectsContinue)
        #expect(try #require(request("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\nabcdEXTRA")).0.request.body == Array("abcd".utf8))
    }

    /// The server bound to an address other than loopback (`--host 0.0.0.0`) answers any valid name.
    @Test func anyHostNameWhenNotLoopbackOnly() throws {
        for host in ["evil.example", "evil.example:8000", "192.168.1.10:8000", "[fe80::1]", "localhost"] {
            #expect(request("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n") != nil, "\(host)")
        }
        var loopbackOnly = parser
        loopbackOnly.loopbackHostsOnly = true
        guard case .failure(421, _) = loopbackOnly.parse(Array("GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n".utf8)) else {
            Issue.record("a loopback-only parser refuses other names")
            return
        }
    }

    @Test func limits() {
        #expect(status("GET /" + String(repeating: "a", count: 70)) == 414)
        #expect(status("GET / HTTP/1.1\r\n" + String(repeating: "A: b\r\n", count: 30)) == 431)
        #expect(status("POST / HTTP/1.1\r\nContent-Length: 17\r\n\r\n") == 413)
        guard case .incomplete = parser.parse(Array("GET /short HTTP/1.1\r\nA: b\r\n".utf8)) else {
            Issue.record("a short, unfinished head must wait for more")
            return
        }
    }
}
