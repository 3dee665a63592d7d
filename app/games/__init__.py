"""Game packages; each registers itself with app.engine on import."""
