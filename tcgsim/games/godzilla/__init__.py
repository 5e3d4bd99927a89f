"""The Legends of GODZILLA 怪獣大戦 (Yanoman 1998)."""
