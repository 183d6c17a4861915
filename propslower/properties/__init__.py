"""The property vocabulary: values, properties, lists, sites, profiles and the attribute grammar front."""
