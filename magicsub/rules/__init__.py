"""Rule text data per CR edition."""
