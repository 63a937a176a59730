import PhotosCommands

@main
struct Entrypoint {
    static func main() {
        PhotosCommand.main()
    }
}
