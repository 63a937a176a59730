internal import CGif

/// giflib's error codes in plain words, for messages that name what is wrong with a GIF (never "giflib error 104").
enum GIFErrorText {
    /// What `code` (a `D_GIF_ERR_…` value) means.
    static func describe(_ code: Int32) -> String {
        switch code {
        case D_GIF_ERR_OPEN_FAILED: "the data could not be opened"
        case D_GIF_ERR_READ_FAILED: "the data ends early"
        case D_GIF_ERR_NOT_GIF_FILE: "the data is not a GIF file"
        case D_GIF_ERR_NO_SCRN_DSCR: "its logical screen descriptor or global colour table is missing or cut short"
        case D_GIF_ERR_NO_IMAG_DSCR: "an image descriptor is missing or damaged"
        case D_GIF_ERR_NO_COLOR_MAP: "it has neither a global nor a local colour table"
        case D_GIF_ERR_WRONG_RECORD: "it contains a record of an unknown type"
        case D_GIF_ERR_DATA_TOO_BIG: "an image holds more pixels than its size allows"
        case D_GIF_ERR_NOT_ENOUGH_MEM: "there was not enough memory to read it"
        case D_GIF_ERR_NOT_READABLE: "the data is not readable"
        case D_GIF_ERR_IMAGE_DEFECT: "its image data is damaged"
        case D_GIF_ERR_EOF_TOO_SOON: "its image data ends too soon"
        default: "giflib reported an unknown error (code \(code))"
        }
    }
}
