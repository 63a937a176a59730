print("photos")
