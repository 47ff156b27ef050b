"""What the player sees, one scene per module."""
