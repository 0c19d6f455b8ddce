// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {ERC20Pausable} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Pausable.sol";
import {ERC1363} from "@openzeppelin/contracts/token/ERC20/extensions/ERC1363.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {AccessControlEnumerable} from "@openzeppelin/contracts/access/extensions/AccessControlEnumerable.sol";
import {TokenFeatures, TokenFeatureFlags} from "./common/TokenFeatures.sol";

/// The platform's ERC-20: EIP-2612 permit, ERC-1363 transfer/approve-and-call, pausing and burning,
/// with AccessControl roles (enumerable, so the API can list role members without scanning logs).
/// Burning needs BURNER_ROLE; `burnFrom` also spends the holder's allowance.
contract PlatformERC20 is ERC20, ERC20Permit, ERC1363, ERC20Pausable, AccessControlEnumerable, TokenFeatureFlags {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");
    bytes32 public constant BURNER_ROLE = keccak256("BURNER_ROLE");

    uint8 private immutable _decimals;

    /// `admin` receives the initial supply and every role.
    constructor(
        string memory name_,
        string memory symbol_,
        uint8 decimals_,
        uint256 initialSupply,
        address admin,
        TokenFeatures memory features_
    ) ERC20(name_, symbol_) ERC20Permit(name_) TokenFeatureFlags(features_) {
        _decimals = decimals_;
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(MINTER_ROLE, admin);
        _grantRole(PAUSER_ROLE, admin);
        _grantRole(BURNER_ROLE, admin);
        if (initialSupply > 0) _mint(admin, initialSupply);
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    function mint(address to, uint256 value) external onlyRole(MINTER_ROLE) whenMintable {
        _mint(to, value);
    }

    function burn(uint256 value) external onlyRole(BURNER_ROLE) whenBurnable {
        _burn(_msgSender(), value);
    }

    function burnFrom(address account, uint256 value) external onlyRole(BURNER_ROLE) whenBurnable {
        _spendAllowance(account, _msgSender(), value);
        _burn(account, value);
    }

    function pause() external onlyRole(PAUSER_ROLE) whenPausable {
        _pause();
    }

    function unpause() external onlyRole(PAUSER_ROLE) {
        _unpause();
    }

    function _update(address from, address to, uint256 value) internal override(ERC20, ERC20Pausable) {
        super._update(from, to, value);
    }

    function supportsInterface(bytes4 interfaceId)
        public
        view
        override(ERC1363, AccessControlEnumerable)
        returns (bool)
    {
        return super.supportsInterface(interfaceId);
    }
}
