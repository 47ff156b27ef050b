"""Mosaic by Mark Steere: a digital edition."""

__version__ = "0.1.0"
CREDIT = "Mosaic by Mark Steere"
