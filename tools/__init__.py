"""Tools that build what the game ships, run from a checkout: not part of the game
package, and not installed with it."""
