"""Stage: compatibility tables, failure signatures and deployment recipes, as data files with sources."""
