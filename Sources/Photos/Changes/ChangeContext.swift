import Foundation
import PhotoLibrary

/// The change block currently running on this thread, and the requests it has made.
///
/// Change requests exist only inside a change block: creating or using one elsewhere traps with a message,
/// as PhotoKit raises an exception.
final class ChangeContext {
    let library: PHPhotoLibrary
    private(set) var requests: [PHChangeRequest] = []
    private(set) var isOpen = true

    private init(library: PHPhotoLibrary) { self.library = library }

    private static let key = "org.photokit-linux.change-context"

    /// The context of the change block running on this thread, if any.
    static var current: ChangeContext? { Thread.current.threadDictionary[key] as? ChangeContext }

    /// Runs a change block with a fresh context and turns its requests into a batch.
    static func record(in library: PHPhotoLibrary, _ block: () -> Void) -> ChangeBatch {
        if current != nil {
            fatalError("performChanges cannot be called from inside another change block")
        }
        let context = ChangeContext(library: library)
        Thread.current.threadDictionary[key] = context
        library.changeBlockLock.lock()
        block()
        library.changeBlockLock.unlock()
        Thread.current.threadDictionary[key] = nil
        context.isOpen = false
        return ChangeBatch(operations: context.requests.flatMap { $0.operations() })
    }

    /// The open context a new request joins; traps outside a change block.
    static func requireCurrent(_ what: String) -> ChangeContext {
        guard let context = current, context.isOpen else {
            fatalError("\(what) can only be used inside a -[PHPhotoLibrary performChanges:] or performChangesAndWait: block")
        }
        return context
    }

    func add(_ request: PHChangeRequest) { requests.append(request) }
}

/// Abstract base of every change request.
///
/// A request records what the client asks for; the library turns all requests of a block into one atomic
/// transaction when the block returns.
open class PHChangeRequest: NSObject {
    /// The block's context, weakly: the context holds its requests, and a strong reference back kept every
    /// request of every change block alive for the life of the process (with its editing output and data).
    private(set) weak var context: ChangeContext?

    override init() {
        let context = ChangeContext.requireCurrent(String(describing: type(of: self)))
        self.context = context
        super.init()
        context.add(self)
    }

    /// Traps when the request is used after its change block has returned.
    func checkUsable(_ member: String = #function) {
        guard let context, context.isOpen, ChangeContext.current === context else {
            fatalError("\(type(of: self)).\(member) used outside the change block that created the request")
        }
    }

    /// The operations this request stands for.
    func operations() -> [ChangeOperation] { [] }
}
