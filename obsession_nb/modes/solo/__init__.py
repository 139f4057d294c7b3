"""The Solo Estate Challenge (UD p.13-14), a plugin of obsession_nb/engine/mode.py."""
