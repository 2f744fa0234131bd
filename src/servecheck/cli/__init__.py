"""Command-line layer: one thin module per command. Only this package prints and exits."""
