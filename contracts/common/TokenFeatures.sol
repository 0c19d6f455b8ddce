// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Optional capabilities chosen when a token is created (the API's `features` object).
struct TokenFeatures {
    bool mintable;
    bool burnable;
    bool pausable;
}

/// Stores the creation-time features immutably so the chain, not only the API, enforces them.
abstract contract TokenFeatureFlags {
    error MintingDisabled();
    error BurningDisabled();
    error PausingDisabled();

    bool private immutable _mintable;
    bool private immutable _burnable;
    bool private immutable _pausable;

    constructor(TokenFeatures memory features_) {
        _mintable = features_.mintable;
        _burnable = features_.burnable;
        _pausable = features_.pausable;
    }

    function features() public view returns (TokenFeatures memory) {
        return TokenFeatures({mintable: _mintable, burnable: _burnable, pausable: _pausable});
    }

    modifier whenMintable() {
        if (!_mintable) revert MintingDisabled();
        _;
    }

    modifier whenBurnable() {
        if (!_burnable) revert BurningDisabled();
        _;
    }

    modifier whenPausable() {
        if (!_pausable) revert PausingDisabled();
        _;
    }
}
