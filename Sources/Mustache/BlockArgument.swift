/// An override passed to a parent template: instructions of the template it was written in
/// (its text and error positions belong to that template).
struct BlockArgument: Sendable {
    let template: Template
    let instructions: Range<Int>
}
