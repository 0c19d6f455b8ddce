// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PackedUserOperation} from "@openzeppelin/contracts/interfaces/IERC4337.sol";
import {MODULE_TYPE_VALIDATOR, VALIDATION_SUCCESS, VALIDATION_FAILED} from "@openzeppelin/contracts/interfaces/draft-IERC7579.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";

/// @title ECDSAOwnerValidator
/// @notice ERC-7579 validator module: one secp256k1 owner per smart account. Install data is the owner's
/// 20-byte address (Kernel's `validatorData`). A user operation or an ERC-1271 hash is valid when signed by
/// the owner, either over the hash itself or over its EIP-191 personal-message form.
contract ECDSAOwnerValidator {
    event OwnerRegistered(address indexed account, address indexed owner);

    error InvalidOwner();
    error NotInitialized(address account);

    bytes4 private constant ERC1271_MAGIC = 0x1626ba7e;
    bytes4 private constant ERC1271_INVALID = 0xffffffff;

    mapping(address account => address) public ownerOf;

    function onInstall(bytes calldata data) external payable {
        address owner = address(bytes20(data[0:20]));
        if (owner == address(0)) revert InvalidOwner();
        ownerOf[msg.sender] = owner;
        emit OwnerRegistered(msg.sender, owner);
    }

    function onUninstall(bytes calldata) external payable {
        if (ownerOf[msg.sender] == address(0)) revert NotInitialized(msg.sender);
        delete ownerOf[msg.sender];
    }

    function isModuleType(uint256 typeId) external pure returns (bool) {
        return typeId == MODULE_TYPE_VALIDATOR;
    }

    function isInitialized(address account) external view returns (bool) {
        return ownerOf[account] != address(0);
    }

    function validateUserOp(PackedUserOperation calldata userOp, bytes32 userOpHash) external payable returns (uint256) {
        return _signedByOwner(msg.sender, userOpHash, userOp.signature) ? VALIDATION_SUCCESS : VALIDATION_FAILED;
    }

    function isValidSignatureWithSender(address, bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        return _signedByOwner(msg.sender, hash, signature) ? ERC1271_MAGIC : ERC1271_INVALID;
    }

    function _signedByOwner(address account, bytes32 hash, bytes calldata signature) private view returns (bool) {
        address owner = ownerOf[account];
        if (owner == address(0)) return false;
        (address signer, ECDSA.RecoverError failure, ) = ECDSA.tryRecover(hash, signature);
        if (failure == ECDSA.RecoverError.NoError && signer == owner) return true;
        (signer, failure, ) = ECDSA.tryRecover(MessageHashUtils.toEthSignedMessageHash(hash), signature);
        return failure == ECDSA.RecoverError.NoError && signer == owner;
    }
}
