"""`make bench`: claimledger's speed measured side by side with its peers."""
