// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {BitmapRoles} from "./access/BitmapRoles.sol";
import {TokenFeatures, TokenFeatureFlags} from "./common/TokenFeatures.sol";
import {PlatformERC20Base} from "./common/PlatformERC20Base.sol";

/// The ERC20_ALT variant: the same token as PlatformERC20 but with bitmap roles (one uint256 per
/// address) instead of AccessControl. The owner is the admin; holders of ADMIN_ROLE may also grant
/// and revoke. Plain ERC-20 approvals make it usable with the canonical Permit2.
contract PlatformERC20Alt is PlatformERC20Base, Ownable, BitmapRoles {
    uint256 public constant ADMIN_ROLE = 1 << 0;
    uint256 public constant MINTER_ROLE = 1 << 1;
    uint256 public constant PAUSER_ROLE = 1 << 2;
    uint256 public constant BURNER_ROLE = 1 << 3;

    /// `admin` becomes the owner, receives the initial supply and every role bit.
    constructor(
        string memory name_,
        string memory symbol_,
        uint8 decimals_,
        uint256 initialSupply,
        address admin,
        TokenFeatures memory features_
    ) PlatformERC20Base(name_, symbol_, decimals_) Ownable(admin) TokenFeatureFlags(features_) {
        _setRoles(admin, ADMIN_ROLE | MINTER_ROLE | PAUSER_ROLE | BURNER_ROLE);
        if (initialSupply > 0) _mint(admin, initialSupply);
    }

    function _checkMinter() internal view override {
        _checkRoles(_msgSender(), MINTER_ROLE);
    }

    function _checkBurner() internal view override {
        _checkRoles(_msgSender(), BURNER_ROLE);
    }

    function _checkPauser() internal view override {
        _checkRoles(_msgSender(), PAUSER_ROLE);
    }

    function _checkRolesAdmin() internal view override {
        address caller = _msgSender();
        if (caller != owner()) _checkRoles(caller, ADMIN_ROLE);
    }
}
