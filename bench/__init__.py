"""`make bench`: performance and strength figures for every part that has them."""
