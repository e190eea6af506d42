import Foundation

/// The client half of RFC 6455, just enough to talk to Chromium's DevTools: text messages out (masked),
/// text messages in (possibly fragmented), pings answered. FoundationNetworking's
/// `URLSessionWebSocketTask` cannot be used here: on Linux it needs a libcurl built with WebSockets,
/// and Debian's is not ("WebSockets not supported by libcurl").
package final class BrowserWebSocket {
    package enum Failure: Error { case badURL(String), handshake(Int), closed, unsupported(UInt8) }

    private let socket: ServeTestSocket

    /// Connects to a `ws://127.0.0.1:PORT/PATH` URL (DevTools only listens on loopback).
    package init(_ address: String) throws {
        guard let url = URL(string: address), url.scheme == "ws", let port = url.port else { throw Failure.badURL(address) }
        socket = try ServeTestSocket(port: port)
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        try socket.send("GET \(url.path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n")
        let head = try socket.readHead()
        guard head.status == 101 else { throw Failure.handshake(head.status) }
    }

    package func send(_ text: String) throws {
        try send(opcode: 0x1, Array(text.utf8))
    }

    /// The next whole text message.
    package func receive() throws -> String {
        var message: [UInt8] = []
        while true {
            let head = try socket.readExactly(2)
            let final = head[0] & 0x80 != 0
            let opcode = head[0] & 0x0F
            var length = Int(head[1] & 0x7F)
            if length == 126 {
                length = try socket.readExactly(2).reduce(0) { $0 << 8 | Int($1) }
            } else if length == 127 {
                length = try socket.readExactly(8).reduce(0) { $0 << 8 | Int($1) }
            }
            let mask = head[1] & 0x80 != 0 ? try socket.readExactly(4) : nil
            var payload = try socket.readExactly(length)
            if let mask { payload = payload.enumerated().map { $1 ^ mask[$0 % 4] } }
            switch opcode {
            case 0x0, 0x1:
                message += payload
                if final { return String(decoding: message, as: UTF8.self) }
            case 0x8:
                throw Failure.closed
            case 0x9:
                try send(opcode: 0xA, payload)
            case 0xA:
                continue
            default:
                throw Failure.unsupported(opcode)
            }
        }
    }

    /// Client frames must be masked (RFC 6455 §5.3), with a key the server reads from the frame. The key is zero,
    /// which leaves the payload as it is: the key's unpredictability guards proxies on the way, and there is none
    /// between this test and its own browser, while XOR-ing each byte here (unoptimised test code) cost more CPU
    /// than anything else this client did, axe-core's 550 KB sent for every page it checks.
    private func send(opcode: UInt8, _ payload: [UInt8]) throws {
        var frame: [UInt8] = [0x80 | opcode]
        switch payload.count {
        case ..<126:
            frame.append(0x80 | UInt8(payload.count))
        case ..<65536:
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            frame.append(0x80 | 127)
            frame += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        frame += [0, 0, 0, 0]
        frame += payload
        try socket.send(frame)
    }
}
