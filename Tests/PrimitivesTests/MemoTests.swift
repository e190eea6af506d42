import Primitives
import Synchronization
import Testing

@Suite struct MemoTests {
    @Test("a memo makes its value once, whoever asks first, and every copy of its holder shares it")
    func madeOnce() async {
        struct Holder: Sendable { let memo = Memo<Int>() }
        final class Counter: Sendable { let made = Atomic<Int>(0) }
        let holder = Holder()
        let copy = holder
        let counter = Counter()
        let values = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask { copy.memo.value { counter.made.add(1, ordering: .relaxed).newValue * 10 } }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(values == Array(repeating: 10, count: 8))
        #expect(holder.memo.value { 99 } == 10)
        #expect(counter.made.load(ordering: .relaxed) == 1)
    }
}
