"""Rule text data per CR edition (``<edition>.yaml``, ``core.yaml``, ``800.yaml``), and the
official rulings of the cards the book uses (``rulings.yaml``, read by
``magicsub.views.rulings``)."""
