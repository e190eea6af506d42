/// An override passed to a parent template, with the template it was written in (its text and
/// error positions belong to that template).
struct BlockArgument: Sendable {
    let nodes: [Node]
    let template: Template
}
