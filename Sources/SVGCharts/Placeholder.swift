// Placeholder so the module compiles; replaced by the module's real types.
