; An empty module.
