"""The engine: state, changes, the transaction and the trace; turns, priority, the stack, triggers
and effects (the core the rules hook into); the card registry."""
