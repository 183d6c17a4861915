"""The property vocabulary: values, properties, sites, profiles and the attribute grammar."""
