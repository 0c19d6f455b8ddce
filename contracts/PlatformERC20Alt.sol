// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {ERC20Pausable} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Pausable.sol";
import {ERC1363} from "@openzeppelin/contracts/token/ERC20/extensions/ERC1363.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {BitmapRoles} from "./access/BitmapRoles.sol";
import {TokenFeatures, TokenFeatureFlags} from "./common/TokenFeatures.sol";

/// The ERC20_ALT variant: the same token as PlatformERC20 but with bitmap roles (one uint256 per
/// address) instead of AccessControl. The owner is the admin; holders of ADMIN_ROLE may also grant
/// and revoke. Plain ERC-20 approvals make it usable with the canonical Permit2.
contract PlatformERC20Alt is ERC20, ERC20Permit, ERC1363, ERC20Pausable, Ownable, BitmapRoles, TokenFeatureFlags {
    uint256 public constant ADMIN_ROLE = 1 << 0;
    uint256 public constant MINTER_ROLE = 1 << 1;
    uint256 public constant PAUSER_ROLE = 1 << 2;
    uint256 public constant BURNER_ROLE = 1 << 3;

    uint8 private immutable _decimals;

    /// `admin` becomes the owner, receives the initial supply and every role bit.
    constructor(
        string memory name_,
        string memory symbol_,
        uint8 decimals_,
        uint256 initialSupply,
        address admin,
        TokenFeatures memory features_
    ) ERC20(name_, symbol_) ERC20Permit(name_) Ownable(admin) TokenFeatureFlags(features_) {
        _decimals = decimals_;
        _setRoles(admin, ADMIN_ROLE | MINTER_ROLE | PAUSER_ROLE | BURNER_ROLE);
        if (initialSupply > 0) _mint(admin, initialSupply);
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    function mint(address to, uint256 value) external onlyRoles(MINTER_ROLE) whenMintable {
        _mint(to, value);
    }

    function burn(uint256 value) external onlyRoles(BURNER_ROLE) whenBurnable {
        _burn(_msgSender(), value);
    }

    function burnFrom(address account, uint256 value) external onlyRoles(BURNER_ROLE) whenBurnable {
        _spendAllowance(account, _msgSender(), value);
        _burn(account, value);
    }

    function pause() external onlyRoles(PAUSER_ROLE) whenPausable {
        _pause();
    }

    function unpause() external onlyRoles(PAUSER_ROLE) {
        _unpause();
    }

    function _checkRolesAdmin() internal view override {
        address caller = _msgSender();
        if (caller != owner()) _checkRoles(caller, ADMIN_ROLE);
    }

    function _update(address from, address to, uint256 value) internal override(ERC20, ERC20Pausable) {
        super._update(from, to, value);
    }
}
