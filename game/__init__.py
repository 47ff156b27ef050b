"""Mosaic by Mark Steere: a digital edition."""

__version__ = "1.0.0"
CREDIT = "Mosaic by Mark Steere"
