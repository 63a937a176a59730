// Derivatives, image requests and caching: the image-manager core (see ARCHITECTURE.md).
