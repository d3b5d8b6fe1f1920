"""Views of a game and its trace: terminal text, HTML boards, rule links, the rules history, the
rulings, quiz content."""
